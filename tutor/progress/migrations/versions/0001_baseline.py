"""Baseline: learners and answers, as the store kept them before migrations.

A database made before Alembic managed the layout (``schema_version`` 1) already has both
tables: they are kept with their data, and the two tables that layout also had are dropped
(``learner_stats``, running totals nothing read, and ``schema_version``, whose job
``alembic_version`` now does).

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "learners" not in tables:
        op.create_table(
            "learners",
            sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(40), nullable=False, unique=True),
            sa.Column("name_key", sa.String(40), nullable=False, unique=True),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        )
    if "answers" not in tables:
        op.create_table(
            "answers",
            sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
            sa.Column(
                "learner_id",
                sa.Integer(),
                sa.ForeignKey("learners.id", ondelete="CASCADE"),
                nullable=False,
            ),
            sa.Column("scenario_id", sa.String(200), nullable=False),
            sa.Column("step", sa.Integer(), nullable=False),
            sa.Column("kind", sa.String(60), nullable=False),
            sa.Column("topic", sa.String(60), nullable=False),
            sa.Column("level", sa.Integer(), nullable=False),
            sa.Column("game", sa.String(20), nullable=False),
            sa.Column("preset", sa.String(40), nullable=False),
            sa.Column("answer_json", sa.Text(), nullable=False),
            sa.Column("correct", sa.Boolean(), nullable=False),
            sa.Column("seconds", sa.Float(), nullable=False),
            sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        )
        op.create_index(
            "ix_answers_learner_time", "answers", ["learner_id", "answered_at"]
        )
    if "learner_stats" in tables:
        op.drop_table("learner_stats")
    if "schema_version" in tables:
        op.drop_table("schema_version")


def downgrade() -> None:
    op.drop_index("ix_answers_learner_time", table_name="answers")
    op.drop_table("answers")
    op.drop_table("learners")
