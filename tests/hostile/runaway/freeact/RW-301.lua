-- RW-301 Idle Herald: a free ACT that does nothing.
return vg.card {
  vg.act { zones = {"VC", "RC"}, effect = {} },
}
