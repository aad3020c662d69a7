! race: no
! A firstprivate offset read by every iteration.
program firstprivate_offset
  implicit none
  integer :: i, off
  integer :: z(100)
  off = 5
  !$omp parallel do firstprivate(off)
  do i = 1, 100
    z(i) = i + off
  end do
  !$omp end parallel do
  print *, z(1)
end program
