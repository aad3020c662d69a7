!mod$ v1 sum:404329afd7eda333
module table_mod
real(4)::coeff(1_8:4_8)
contains
function weigh(x,k)
real(4)::x
integer(4)::k
real(4)::weigh
end
end
