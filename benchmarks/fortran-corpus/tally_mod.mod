!mod$ v1 sum:9dff635da348b1a6
module tally_mod
contains
subroutine tally()
end
end
