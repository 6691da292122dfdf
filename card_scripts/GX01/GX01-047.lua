-- GX01-047 Worldrend Thunder Sovereign (G unit, ultimate stride)
-- AUTO (VC) When this unit strides by ultimate stride, retire every front-row rear-guard of
-- your opponent. (A plain stride of this unit does nothing.)
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = { event = "stride", subject = "self", ultimate = true },
    effect = { vg.retire(vg.common.opponent_rear_guards { row = "front" }) },
  },
}
