"""vgcore's pytest plugin (registered under `pytest11`): collects *.scenario.yaml files."""
