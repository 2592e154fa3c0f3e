"""Identity: browser sessions (the hash of a cookie's token -> a learner or the instructor
pages, until a time), failed tries at PINs and the instructor password, and each learner
name's skeleton (case, look-alike letters and markup folded away: one skeleton, one name).

Existing names get their skeleton here; when two existing learners fold to one skeleton, the
older keeps it and the others get ``#<id>`` appended (each is still found by its own name).

Revision ID: 0010_identity
Revises: 0009_classes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tutor.progress.records import name_skeleton

revision = "0010_identity"
down_revision = "0009_classes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # recreate="never": columns added in place. Copying the table instead would delete
    # every answer (foreign keys are on, with CASCADE).
    with op.batch_alter_table("learners", recreate="never") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(200), nullable=True))
        batch.add_column(
            sa.Column(
                "pin_once", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, name FROM learners ORDER BY id")).all()
    taken: set[str] = set()
    for learner_id, name in rows:
        value = name_skeleton(name)
        if value in taken:
            value = f"{value[:180]}#{learner_id}"
        taken.add(value)
        bind.execute(
            sa.text("UPDATE learners SET name_skeleton = :s WHERE id = :i"),
            {"s": value, "i": learner_id},
        )
    op.create_index(
        "ix_learners_name_skeleton", "learners", ["name_skeleton"], unique=True
    )
    op.create_table(
        "browser_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_browser_sessions_expires", "browser_sessions", ["expires_at"])
    op.create_table(
        "auth_failures",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("next_try_at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("auth_failures")
    op.drop_index("ix_browser_sessions_expires", table_name="browser_sessions")
    op.drop_table("browser_sessions")
    op.drop_index("ix_learners_name_skeleton", table_name="learners")
    with op.batch_alter_table("learners", recreate="never") as batch:
        batch.drop_column("pin_once")
        batch.drop_column("name_skeleton")
