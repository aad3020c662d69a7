! Slots for 16 threads in a region nothing bounds itself, in a program that
! sets the team's size with omp_set_num_threads: held back (input of
! team-bounds.f90).
subroutine tally(x, cnt, n)
  use omp_lib
  integer :: n, id
  real :: x(n), cnt(16)
  !$omp parallel private(id)
  id = omp_get_thread_num()
  cnt(id + 1) = x(1)
  !$omp end parallel
end subroutine

program main
  use omp_lib
  real :: x(4), cnt(16)
  x = 1.0
  call omp_set_num_threads(8)
  call tally(x, cnt, 4)
end program
