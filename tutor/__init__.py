"""Stud Tutor: the rules of Seven Card Stud, Stud Hi/Lo eight-or-better and Razz, taught step by step."""

__version__ = "0.1.0"

# The engine says things as data; importing the wording layer installs English as the
# language its messages, errors and explanations are rendered in.
from tutor import wording as _wording

del _wording
