!mod$ v1 sum:9c2f69c3b58831a1
module tp_mod
integer(4)::scratch
!$omp threadprivate(scratch)
end
