"""`make classroom`: the lessons for a whole class through JupyterHub on one machine (docs/classroom.md).

Not part of the rules package: this folder holds the hub's configuration (``jupyterhub_config.py``), the sign-in
(``auth.py``: a class code and a name the learner picks), the spawner that gives each learner a system user of their
own with limits (``spawner.py``, ``limits.py``), the start of a learner's server (``learner_start.py``, run as the
learner: it copies the lessons the way ``make lessons`` does), and ``__main__.py``, which ``make classroom`` runs.
"""
