-- SK-954 Test Trigger Listener
-- AUTO (VC) When this unit's drive check reveals a trigger unit, draw a card.
return vg.card {
  vg.auto { zones = {"VC"}, when = vg.when.drive_check { trigger = true },
            effect = { vg.draw(1) } },
}
