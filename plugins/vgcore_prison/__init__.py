"""Prison (D era): a plugin the `d-standard` format enables. See README.md."""
