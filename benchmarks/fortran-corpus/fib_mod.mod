!mod$ v1 sum:649a45e742666d07
module fib_mod
contains
recursive function fib(n) result(r)
integer(4),value::n
integer(4)::r
end
end
