"""Scenario runs: one play-through of one scenario by one learner, kept in the store, so that
a page reload does not make a question a first attempt again. Each answer given in the
walkthrough names its run (``answers.run_id``; other answers have none); the store numbers
an answer's attempt from the answers already in its run.

Revision ID: 0012_scenario_runs
Revises: 0009_classes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_scenario_runs"
down_revision = "0011_answer_ids"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scenario_runs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("scenario_id", sa.String(200), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index(
        "ix_scenario_runs_learner", "scenario_runs", ["learner_id", "scenario_id", "id"]
    )
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("run_id", sa.Integer(), nullable=True))
    op.create_index("ix_answers_run", "answers", ["run_id", "step"])


def downgrade() -> None:
    op.drop_index("ix_answers_run", table_name="answers")
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("run_id")
    op.drop_index("ix_scenario_runs_learner", table_name="scenario_runs")
    op.drop_table("scenario_runs")
