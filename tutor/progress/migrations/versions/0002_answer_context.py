"""What an answer was given under, PINs, and spaced-review cards.

answers: ``house_json`` (the house overrides), ``attempt``, ``after_reveal``, ``hinted``,
``rules`` (the cited rule ids), ``target`` and ``seed`` (drills), and two indexes for the
per-topic and per-ask figures. learners: ``pin_hash``. New table ``review_cards``.

Revision ID: 0002_answer_context
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_answer_context"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Adding columns never copies a table (see downgrade for why that matters).
    with op.batch_alter_table("learners", recreate="never") as batch:
        batch.add_column(sa.Column("pin_hash", sa.String(200), nullable=True))
    with op.batch_alter_table("answers", recreate="never") as batch:
        batch.add_column(
            sa.Column("house_json", sa.Text(), nullable=False, server_default="{}")
        )
        batch.add_column(
            sa.Column("attempt", sa.Integer(), nullable=False, server_default="1")
        )
        batch.add_column(
            sa.Column(
                "after_reveal", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )
        batch.add_column(
            sa.Column("hinted", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(
            sa.Column("rules", sa.Text(), nullable=False, server_default="")
        )
        batch.add_column(sa.Column("target", sa.String(60), nullable=True))
        batch.add_column(sa.Column("seed", sa.BigInteger(), nullable=True))
    op.create_index(
        "ix_answers_learner_topic",
        "answers",
        ["learner_id", "topic", "answered_at", "id"],
    )
    op.create_index(
        "ix_answers_learner_ask",
        "answers",
        ["learner_id", "scenario_id", "step", "answered_at", "id"],
    )
    op.create_table(
        "review_cards",
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("rule_id", sa.String(60), primary_key=True),
        sa.Column("card_json", sa.Text(), nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_review_cards_due", "review_cards", ["learner_id", "due"])


def downgrade() -> None:
    op.drop_index("ix_review_cards_due", table_name="review_cards")
    op.drop_table("review_cards")
    op.drop_index("ix_answers_learner_ask", table_name="answers")
    op.drop_index("ix_answers_learner_topic", table_name="answers")
    # recreate="never": SQLite (3.35+) drops these columns in place. Copying a table
    # instead would delete the rows that point at it (foreign keys are on, with CASCADE).
    with op.batch_alter_table("answers", recreate="never") as batch:
        for column in (
            "seed",
            "target",
            "rules",
            "hinted",
            "after_reveal",
            "attempt",
            "house_json",
        ):
            batch.drop_column(column)
    with op.batch_alter_table("learners", recreate="never") as batch:
        batch.drop_column("pin_hash")
