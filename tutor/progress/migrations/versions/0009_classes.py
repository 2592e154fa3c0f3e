"""Classes, their members (a learner may be in several), the identities a class lists in
sign-in mode, assignments with their items, and each learner's kept seed and generated
questions for an assignment. Existing learners are in no class. Also the per-question
covering index of answers becomes ``ix_answers_class_item``: by time taken, with the answer
given (the item analysis's medians and wrong answers), in place of 0004's.

Revision ID: 0009_classes
Revises: 0005_lessons_read
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_classes"
down_revision = "0005_lessons_read"
branch_labels = None
depends_on = None


#: Written out here (not imported) so that this revision never changes.
ITEM_INDEX = (
    "scenario_id", "step", "seconds", "correct", "answer_json", "learner_id", "kind",
    "topic", "attempt", "after_reveal", "game", "preset", "answered_at",
)  # fmt: skip
#: 0004's per-question index, which the item index replaces (it holds the same columns).
ASK_INDEX = (
    "scenario_id", "step", "correct", "seconds", "learner_id", "kind", "topic",
    "attempt", "after_reveal", "game", "preset", "answered_at",
)  # fmt: skip


def _fk(table: str) -> sa.ForeignKey:
    return sa.ForeignKey(f"{table}.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("join_code", sa.String(12), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.Integer(), _fk("classes"), primary_key=True),
        sa.Column("learner_id", sa.Integer(), _fk("learners"), primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_class_members_learner", "class_members", ["learner_id"])
    op.create_table(
        "class_identities",
        sa.Column("class_id", sa.Integer(), _fk("classes"), primary_key=True),
        sa.Column("identity", sa.String(254), primary_key=True),
    )
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer(), _fk("classes"), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("opens_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_assignments_class", "assignments", ["class_id", "due_at"])
    op.create_table(
        "assignment_items",
        sa.Column("assignment_id", sa.Integer(), _fk("assignments"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("scenario_id", sa.String(200), nullable=True),
        sa.Column("target", sa.String(60), nullable=True),
        sa.Column("game", sa.String(20), nullable=True),
        sa.Column("preset", sa.String(40), nullable=True),
        sa.Column("count", sa.Integer(), nullable=False, server_default="1"),
    )
    op.create_table(
        "assignment_seeds",
        sa.Column("assignment_id", sa.Integer(), _fk("assignments"), primary_key=True),
        sa.Column("learner_id", sa.Integer(), _fk("learners"), primary_key=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "assignment_variants",
        sa.Column("assignment_id", sa.Integer(), _fk("assignments"), primary_key=True),
        sa.Column("learner_id", sa.Integer(), _fk("learners"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("scenario_id", sa.String(200), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
    )
    op.create_index("ix_answers_class_item", "answers", list(ITEM_INDEX))
    op.drop_index("ix_answers_class_ask", table_name="answers")


def downgrade() -> None:
    op.create_index("ix_answers_class_ask", "answers", list(ASK_INDEX))
    op.drop_index("ix_answers_class_item", table_name="answers")
    for table in (
        "assignment_variants",
        "assignment_seeds",
        "assignment_items",
        "assignments",
        "class_identities",
        "class_members",
        "classes",
    ):
        op.drop_table(table)
