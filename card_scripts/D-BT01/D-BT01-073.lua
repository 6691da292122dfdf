-- D-BT01-073 Steam Detective, Uvaritt
-- AUTO When this unit is placed on RC, another unit of yours in its column, of your choice,
-- gets +2000 power until end of turn (+5000 instead while you are in Final Rush).
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "partner", from = vg.units { not_self = true, same_column = "self" } },
      vg.when_true(vg.cond.in_state("final_rush"),
                   { vg.power("partner", 5000) }, { vg.power("partner", 2000) }),
    },
  },
}
