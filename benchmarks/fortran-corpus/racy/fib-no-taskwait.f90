! race: yes
! Recursive tasks whose results are added before anything waits for them.
module fib_mod
contains
  recursive integer function fib(n) result(r)
    integer, value :: n
    integer :: i, j
    if (n < 2) then
      r = n
    else
      !$omp task shared(i)
      i = fib(n - 1)
      !$omp end task
      !$omp task shared(j)
      j = fib(n - 2)
      !$omp end task
      r = i + j
    end if
  end function
end module
program fib_no_taskwait
  use fib_mod
  implicit none
  integer :: r
  !$omp parallel
  !$omp single
  r = fib(10)
  !$omp end single
  !$omp end parallel
  print *, r
end program
