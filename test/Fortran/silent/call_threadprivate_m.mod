!mod$ v1 sum:0c1753b78dca071d
module call_threadprivate_m
real(4)::scratch
!$omp threadprivate(scratch)
contains
subroutine twice(x,y)
real(4)::x
real(4)::y
end
end
