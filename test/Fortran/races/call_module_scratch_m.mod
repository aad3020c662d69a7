!mod$ v1 sum:ce7762f36b811e44
module call_module_scratch_m
real(4)::buf(1_8:4_8)
contains
function norm2of(x,y)
real(4)::x
real(4)::y
real(4)::norm2of
end
end
