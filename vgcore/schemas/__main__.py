"""`python -m vgcore.schemas`: regenerate the shipped schema files from the code."""

from vgcore.schemas import write_all

for path in write_all():
    print(f"wrote {path}")
