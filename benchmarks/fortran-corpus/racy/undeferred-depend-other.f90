! race: yes
! The undeferred task waits on another variable: the read of acc may meet the sum.
program undeferred_depend_other
  implicit none
  integer :: i
  real :: a(100), acc, b
  a = 1.0
  acc = 0.0
  b = 0.0
  !$omp parallel
  !$omp single
  !$omp task depend(out: acc) shared(acc)
  do i = 1, 100
    acc = acc + a(i)
  end do
  !$omp end task
  !$omp task depend(in: b) if(.false.)
  !$omp end task
  print *, acc
  !$omp taskwait
  !$omp end single
  !$omp end parallel
end program
