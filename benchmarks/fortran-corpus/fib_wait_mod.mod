!mod$ v1 sum:883ad80100a96b5f
module fib_wait_mod
contains
recursive function fib(n) result(r)
integer(4),value::n
integer(4)::r
end
end
