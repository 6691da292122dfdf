-- matches no card id
return vg.card {}
