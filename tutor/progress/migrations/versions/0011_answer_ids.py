"""Every answer may carry the id the app gave it when it was checked (``answer_id``, unique),
so that an answer kept in the local queue while the database was away is saved once however
often the queue is replayed.

Revision ID: 0011_answer_ids
Revises: 0009_classes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_answer_ids"
down_revision = "0010_identity"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("answer_id", sa.String(32), nullable=True))
    op.create_index("ux_answers_answer_id", "answers", ["answer_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_answers_answer_id", table_name="answers")
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("answer_id")
