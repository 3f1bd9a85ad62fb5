"""The tutor: command line, Textual app and the learner's progress store."""
