"""The class view's covering indexes: answers by learner and topic, by learner and rule
ids, and by ask, each holding the columns the view filters and counts.

Revision ID: 0004_class_indexes
Revises: 0003_progress_rollups
"""

from __future__ import annotations

from alembic import op

revision = "0004_class_indexes"
down_revision = "0003_progress_rollups"
branch_labels = None
depends_on = None

#: Written out here (not imported) so that this revision never changes.
INDEXES: dict[str, tuple[str, ...]] = {
    "ix_answers_class_topic": (
        "learner_id", "topic", "correct",
        "attempt", "after_reveal", "game", "preset", "answered_at",
    ),
    "ix_answers_class_rule": (
        "learner_id", "rules", "correct",
        "attempt", "after_reveal", "game", "preset", "answered_at",
    ),
    "ix_answers_class_ask": (
        "scenario_id", "step", "correct", "seconds", "learner_id", "kind", "topic",
        "attempt", "after_reveal", "game", "preset", "answered_at",
    ),
}  # fmt: skip


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.create_index(name, "answers", list(columns))


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="answers")
