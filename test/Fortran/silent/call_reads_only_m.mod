!mod$ v1 sum:1b454ddaddd98295
module call_reads_only_m
real(4)::weights(1_8:8_8)
contains
function weighted(x,k)
real(4)::x
integer(4)::k
real(4)::weighted
end
end
