! race: no
! An undeferred task whose depend(inout: acc) waits for the task that sums into acc; the creator reads acc after it.
program undeferred_depend_waits
  implicit none
  integer :: i
  real :: a(100), acc
  a = 1.0
  acc = 0.0
  !$omp parallel
  !$omp single
  !$omp task depend(out: acc) shared(acc)
  do i = 1, 100
    acc = acc + a(i)
  end do
  !$omp end task
  !$omp task depend(inout: acc) if(.false.)
  !$omp end task
  print *, acc
  !$omp end single
  !$omp end parallel
end program
