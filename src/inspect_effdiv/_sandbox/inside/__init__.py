"""Code that runs inside a sandbox under the sandbox's own Python (3.8+):
``_harness.py`` runs one program; ``_zygote.py`` is the warm server. Neither
imports ``inspect_effdiv``."""
