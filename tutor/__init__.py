"""Stud Tutor: the rules of Seven Card Stud and Stud Hi/Lo eight-or-better, taught step by step."""

__version__ = "0.1.0"
