"""Each learner's chosen language (``learner_languages``), so the choice outlives the session.

Revision ID: 0013_language
Revises: 0009_classes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_language"
down_revision = "0012_scenario_runs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner_languages",
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("learner_languages")
