# The files here are fake student submissions (see README.md), read by gamelib.grading.workflow:
# never collected as tests or doctests.
collect_ignore_glob = ["*/*.py"]
