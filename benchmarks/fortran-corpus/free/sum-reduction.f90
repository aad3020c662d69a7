! race: no
! A sum with a reduction clause.
program sum_reduction
  implicit none
  integer :: i
  double precision :: s, v(800)
  v = 0.25d0
  s = 0.0d0
  !$omp parallel do reduction(+:s)
  do i = 1, 800
    s = s + v(i)
  end do
  !$omp end parallel do
  print *, s
end program
