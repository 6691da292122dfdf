-- DEMO-RP-001 Morningstar Page, Elwin
-- AUTO When another unit rides on this one, soul charge 1.
return vg.card {
  vg.auto { when = vg.when.ridden_upon, zones = {"VC"}, effect = { vg.soul_charge(1) } },
}
