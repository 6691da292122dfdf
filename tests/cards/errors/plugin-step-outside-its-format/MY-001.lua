-- MY-001 Jailer Lancer
-- Imprisons with the Prison plugin's step, which only d-standard enables: its deck is v-standard.
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.placed_on_rc,
            effect = { vg.prison.imprison_rear_guards(1) } },
}
