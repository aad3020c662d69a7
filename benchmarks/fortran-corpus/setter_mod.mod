!mod$ v1 sum:ca3261b1f67f2f5b
module setter_mod
contains
subroutine setq(q)
integer(4)::q
end
end
