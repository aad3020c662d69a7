! race: no
! Barriers separate the write and read phases of every step.
program phases_in_loop
  use omp_lib
  implicit none
  integer :: t, step
  real :: a(0:4), b(0:3)
  a = 0.0
  !$omp parallel private(t, step) num_threads(4)
  t = omp_get_thread_num()
  do step = 1, 3
    a(t) = a(t) + step
    !$omp barrier
    b(t) = a(t + 1)
    !$omp barrier
  end do
  !$omp end parallel
  print *, b(0)
end program
