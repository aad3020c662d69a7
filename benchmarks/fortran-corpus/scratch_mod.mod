!mod$ v1 sum:58098a827b03ccc0
module scratch_mod
real(4)::work
contains
subroutine stage(x,y)
real(4)::x
real(4)::y
end
end
