-- TAG-006 Test Tide of Silence
-- ACT (VC) Once per turn: retire every front-row rear-guard of all fighters.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.retire(vg.rear_guards { owner = "any", row = "front" }) },
  },
}
