!mod$ v1 sum:c0623994f93b506e
module call_nested_m
integer(4)::visits
contains
subroutine outer(x)
real(4)::x
end
subroutine inner()
end
end
