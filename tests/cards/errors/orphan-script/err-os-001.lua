-- ERR-OS-001 Test Lowercase Knight (the file name is lower case, so it matches no card id)
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.attacks, effect = { vg.draw(1) } },
}
