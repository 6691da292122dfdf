-- vg.dera: helpers for the D era's orders (plugin vgcore_dera). Trusted library code: it runs
-- once per Lua runtime after vg.lua. The `order_set` and `alchemagic` events, the World state
-- and Alchemagic exist only in formats that enable the `dera` plugin (d-standard).

local dera = {when = {}, cond = {}}

-- trigger: this card is put into the order zone (a set order or a World, once played)
dera.when.put_into_order_zone = {event = "order_set", subject = "self"}
-- trigger: a World is put into your order zone
dera.when.world_put = {event = "order_set", subject = {order_type = "world"}, player = "you"}
-- trigger: you play an order with Alchemagic
dera.when.alchemagic = {event = "alchemagic", player = "you"}

-- conditions: your World is Dark Night / Abyssal Dark Night / either of them (the states the
-- Worlds' CONT gives, `vg.dera.world`)
dera.cond.dark_night = {state = "dark_night"}
dera.cond.abyssal_dark_night = {state = "abyssal_dark_night"}
dera.cond.dark_world = {any = {{state = "dark_night"}, {state = "abyssal_dark_night"}}}
-- condition: the order resolving was played with Alchemagic ("if during Alchemagic")
dera.cond.alchemagic = {state = "alchemagic"}

-- the CONT (order zone) every World prints: while your order zone holds only World cards,
-- your World is Dark Night with one of them and Abyssal Dark Night with two or more
function dera.world()
  local zone = vg.cards_in("order_zone")
  return vg.cont {
    zones = {"order_zone"},
    condition = vg.cond.negate(vg.cond.count(
      vg.cards_in("order_zone", {["not"] = {order_type = "world"}}))),
    effects = {
      vg.continuous.state("dark_night", nil, vg.cond.count(zone, 1, 1)),
      vg.continuous.state("abyssal_dark_night", nil, vg.cond.count(zone, 2)),
    },
  }
end

-- a continuous effect: you may Alchemagic when you play a normal order (D-BT01-009)
function dera.can_alchemagic() return vg.continuous.state("can_alchemagic") end

-- a step: until end of turn, the next time you Alchemagic, its costs' Soul Blasts are not paid
function dera.alchemagic_without_soul_blast() return vg.enter_state("alchemagic_no_soul_blast") end

vg.dera = dera
