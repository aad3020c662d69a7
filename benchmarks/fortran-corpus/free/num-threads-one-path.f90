! race: no
! A team of num_threads(nt) on the path where nt is 1: one thread, nothing to race with.
program num_threads_one_path
  implicit none
  integer :: nt
  real :: t, y
  nt = 1
  if (nt == 1) then
    !$omp parallel num_threads(nt)
    t = 2.0
    y = t
    !$omp end parallel
  end if
  print *, y
end program
