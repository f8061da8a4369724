"""Sandboxes: the ``bwrap`` provider and its bubblewrap launcher, the uid slots,
the warm sandboxes, the files a sandbox needs, and (in ``inside/``) the harness
and warm server that run inside one."""
