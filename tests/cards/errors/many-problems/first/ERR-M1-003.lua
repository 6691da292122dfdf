-- ERR-M1-003 Test Third (misspelt cost)
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.attacks, cost = vg.cost.counterblast(1),
            effect = { vg.draw(1) } },
}
