"""The lessons each learner has opened (``lessons_read``), so that a lesson's "Read" mark
outlives the browser session.

Revision ID: 0005_lessons_read
Revises: 0004_class_indexes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_lessons_read"
down_revision = "0004_class_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lessons_read",
        sa.Column(
            "learner_id",
            sa.Integer(),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("lesson_id", sa.String(100), primary_key=True),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lessons_read")
