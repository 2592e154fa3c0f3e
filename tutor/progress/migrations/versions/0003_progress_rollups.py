"""Running counts per learner, topic and day (``answer_days``) and per learner and ask
(``ask_marks``), kept up to date with every answer, so that the Progress and Practice pages
never read a learner's whole history. Filled from the answers already stored.

Revision ID: 0003_progress_rollups
Revises: 0002_answer_context
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_progress_rollups"
down_revision = "0002_answer_context"
branch_labels = None
depends_on = None

FIRST = "(attempt = 1 AND NOT after_reveal)"


def upgrade() -> None:
    op.create_table(
        "answer_days",
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("topic", sa.String(60), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("first_answered", sa.Integer(), nullable=False),
        sa.Column("first_correct", sa.Integer(), nullable=False),
        sa.Column("first_seconds", sa.Float(), nullable=False),
    )
    op.create_table(
        "ask_marks",
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("scenario_id", sa.String(200), primary_key=True),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("topic", sa.String(60), nullable=False),
        sa.Column("first_answered", sa.Integer(), nullable=False),
        sa.Column("first_correct", sa.Integer(), nullable=False),
        sa.Column("last_first_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_first_id", sa.Integer(), nullable=True),
        sa.Column("last_first_correct", sa.Boolean(), nullable=True),
    )
    sqlite = op.get_bind().dialect.name == "sqlite"
    day = (
        "substr(answered_at, 1, 10)"
        if sqlite
        else "to_char(answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
    )
    right = "CASE WHEN correct THEN 1 ELSE 0 END"
    # one latest first attempt per ask (repeated on each joined row): any aggregate keeps it
    last_correct = "max(l.correct)" if sqlite else "bool_or(l.correct)"
    first = f"CASE WHEN {FIRST} THEN 1 ELSE 0 END"
    op.execute(
        f"""
        INSERT INTO answer_days (learner_id, topic, day, answered, correct,
            first_answered, first_correct, first_seconds)
        SELECT learner_id, topic, {day}, count(*), sum({right}), sum({first}),
            sum(CASE WHEN {FIRST} AND correct THEN 1 ELSE 0 END),
            coalesce(sum(CASE WHEN {FIRST} THEN seconds END), 0)
        FROM answers GROUP BY learner_id, topic, {day}
        """
    )
    op.execute(
        f"""
        INSERT INTO ask_marks (learner_id, scenario_id, step, topic, first_answered,
            first_correct, last_first_at, last_first_id, last_first_correct)
        SELECT a.learner_id, a.scenario_id, a.step, max(a.topic), sum({first}),
            sum(CASE WHEN {FIRST} AND a.correct THEN 1 ELSE 0 END),
            max(l.answered_at), max(l.id), {last_correct}
        FROM answers a
        LEFT JOIN (
            SELECT id, learner_id, scenario_id, step, answered_at, correct,
                row_number() OVER (
                    PARTITION BY learner_id, scenario_id, step
                    ORDER BY answered_at DESC, id DESC
                ) AS rank
            FROM answers WHERE {FIRST}
        ) l ON l.learner_id = a.learner_id AND l.scenario_id = a.scenario_id
            AND l.step = a.step AND l.rank = 1
        GROUP BY a.learner_id, a.scenario_id, a.step
        """
    )


def downgrade() -> None:
    op.drop_table("ask_marks")
    op.drop_table("answer_days")
