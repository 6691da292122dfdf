"""vgcore_stride: a format expansion plugin. See README.md."""
