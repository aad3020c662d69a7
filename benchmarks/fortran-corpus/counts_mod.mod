!mod$ v1 sum:961db6a5b6102a89
module counts_mod
integer(4)::events
end
