-- D-SD03-010 Spiritual King of Determination, Olbaria (over trigger)
-- AUTO (removed zone) After its over trigger from a drive check has done its usual work, one
-- more of your units (the same or another) has 100,000,000 more power for the turn.
return vg.card {
  vg.auto {
    zones = {"removed"},
    when = { event = "over_trigger", subject = "self", check = "drive" },
    effect = {
      vg.choose { "empowered", from = vg.units() },
      vg.power("empowered", 100000000),
    },
  },
}
