! race: no
! A taskloop with a reduction clause.
program taskloop_reduction
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel
  !$omp single
  !$omp taskloop reduction(+:s)
  do i = 1, 64
    s = s + i
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
  print *, s
end program
