"""Exports a learning management system imports: Moodle XML quizzes and QTI 2.1 packages of
the engine's questions (see :mod:`tutor.lms.items`)."""
