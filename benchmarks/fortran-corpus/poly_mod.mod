!mod$ v1 sum:8915d4c276f30280
module poly_mod
contains
pure function poly(x)
real(4),intent(in)::x
real(4)::poly
end
end
